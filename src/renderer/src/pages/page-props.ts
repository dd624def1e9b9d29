export type PageName = 'score' | 'history' | 'candidates' | 'items' | 'settings';

export interface PageProps {
  onNavigate: (page: PageName) => void;
}
