import { ResultPage, resultPageTitle, type ResultProps } from '../result-page';

export const generateMetadata = resultPageTitle('failure');

export default function FailurePage({ params }: ResultProps) {
  return <ResultPage params={params} kind="failure" />;
}
