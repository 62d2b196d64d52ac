import { ResultPage, type ResultProps } from '../result-page';

export default function SuccessPage({ params }: ResultProps) {
  return <ResultPage params={params} kind="success" />;
}
