import { ResultPage, type ResultProps } from '../result-page';

export default function CancelPage({ params }: ResultProps) {
  return <ResultPage params={params} kind="cancel" />;
}
