import { ResultPage, resultPageTitle, type ResultProps } from '../result-page';

export const generateMetadata = resultPageTitle('cancel');

export default function CancelPage({ params }: ResultProps) {
  return <ResultPage params={params} kind="cancel" />;
}
