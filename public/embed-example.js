// The example merchant page's script (public/embed-example.html; docs/embed-protocol.md).
(function () {
  'use strict';
  var query = new URLSearchParams(window.location.search);
  var session = query.get('session') || '';
  var publicKey = query.get('key') || '';
  // The embed's own flags, passed on in the frame's URL as a merchant would.
  var flags = new URLSearchParams();
  ['hpb', 'hsc', 'method'].forEach(function (name) { if (query.get(name)) flags.set(name, query.get(name)); });
  // The embed lives on this service; a merchant's page names the service's origin here.
  var base = window.location.origin + '/embed/';
  var container = document.getElementById('payment-iframe');
  var log = document.getElementById('message-log');

  if (!/^[0-9a-f-]{36}$/i.test(session)) {
    container.textContent = 'Add ?session=<ecommerce session id> to this page\u2019s address.';
    return;
  }

  // A merchant's own code, without the vendor SDK: one iframe, width 100%, 500px until the frame
  // says its height, and a sandbox without top navigation (the whole payment stays in the frame).
  // No frame name of the SDK's, so the frame loads each payment step itself (docs/embed-protocol.md).
  var iframe = document.createElement('iframe');
  iframe.src = base + session + (flags.toString() ? '?' + flags.toString() : '');
  iframe.style.width = '100%';
  iframe.style.height = '500px';
  iframe.sandbox = 'allow-forms allow-popups allow-pointer-lock allow-same-origin allow-scripts';
  iframe.title = 'Payment';
  container.appendChild(iframe);

  // Every message is a JSON string: parse it, size the frame, follow the stages.
  window.addEventListener('message', function (event) {
    if (event.source !== iframe.contentWindow) return;
    var message;
    try { message = JSON.parse(event.data); } catch { return; }
    var item = document.createElement('li');
    item.textContent = event.data;
    log.appendChild(item);
    if (typeof message.iframe_height === 'number') iframe.style.height = message.iframe_height + 'px';
    if (message.stage === 'success') document.getElementById('merchant-controls').hidden = true;
  });

  // hpb=1: the frame shows no pay button; the merchant's own button pays with INITIATE_PAY
  // (its payload: the merchant's public key, the one the SDK is given).
  if (flags.get('hpb') === '1') {
    document.getElementById('merchant-controls').hidden = false;
    document.getElementById('merchant-pay').addEventListener('click', function () {
      iframe.contentWindow.postMessage(JSON.stringify({ type: 'INITIATE_PAY', payload: publicKey }), window.location.origin);
    });
  }
})();
