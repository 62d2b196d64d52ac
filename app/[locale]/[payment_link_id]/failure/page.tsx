import { ResultPage, type ResultProps } from '../result-page';

export default function FailurePage({ params }: ResultProps) {
  return <ResultPage params={params} kind="failure" />;
}
