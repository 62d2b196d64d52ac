import { ResultPage, resultPageTitle, type ResultProps } from '../result-page';

export const generateMetadata = resultPageTitle('success');

export default function SuccessPage({ params }: ResultProps) {
  return <ResultPage params={params} kind="success" />;
}
