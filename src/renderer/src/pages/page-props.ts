export type PageName = 'score' | 'history' | 'candidates' | 'items' | 'settings';

export interface PageProps {
  onNavigate: (page: PageName) => void;
  /** Opens a candidate's page: their progress per task and their attempts. */
  onOpenCandidate?: (id: number) => void;
}
