import { useState } from 'react';
import { AboutDialog } from './components/AboutDialog';
import { AppInfoContext } from './hooks/use-app-info';
import { useApiQuery } from './hooks/use-api-query';
import { CandidatePage } from './pages/candidate/CandidatePage';
import { CandidatesPage } from './pages/candidates/CandidatesPage';
import { HistoryPage } from './pages/history/HistoryPage';
import { ItemsPage } from './pages/items/ItemsPage';
import { ModerationPage } from './pages/moderation/ModerationPage';
import { QueueCount } from './components/QueueCount';
import { ScorePage } from './pages/score/ScorePage';
import { SettingsPage } from './pages/settings/SettingsPage';

const PAGES = {
  score: { label: 'Score', Page: ScorePage },
  history: { label: 'History', Page: HistoryPage },
  moderation: { label: 'Moderation', Page: ModerationPage },
  candidates: { label: 'Candidates', Page: CandidatesPage },
  items: { label: 'Items', Page: ItemsPage },
  settings: { label: 'Settings', Page: SettingsPage },
} as const;
type PageKey = keyof typeof PAGES;

export function App() {
  const [page, setPage] = useState<PageKey>('score');
  // Every visit mounts the page afresh, so that it shows what other pages have changed.
  const [visit, setVisit] = useState(0);
  // A candidate's own page, opened from Candidates or History; any navigation leaves it.
  const [candidateId, setCandidateId] = useState<number | null>(null);
  const navigate = (next: PageKey) => {
    setCandidateId(null);
    setPage(next);
    setVisit((count) => count + 1);
  };
  const [aboutOpen, setAboutOpen] = useState(false);
  const info = useApiQuery('app.info', {});
  const { Page } = PAGES[page];
  return (
    <AppInfoContext value={info.data ?? null}>
      <div className="shell">
        <nav className="sidebar" aria-label="Main">
          <div className="brand">Examiner</div>
          <ul>
            {(Object.keys(PAGES) as PageKey[]).map((key) => (
              <li key={key}>
                <button
                  type="button"
                  className="nav-link"
                  aria-current={page === key ? 'page' : undefined}
                  onClick={() => navigate(key)}
                >
                  {PAGES[key].label}
                  {key === 'history' && <QueueCount />}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="nav-link nav-about" onClick={() => setAboutOpen(true)}>
            About
          </button>
        </nav>
        <main className="content">
          {candidateId === null ? (
            <Page key={visit} onNavigate={navigate} onOpenCandidate={setCandidateId} />
          ) : (
            <CandidatePage
              key={candidateId}
              id={candidateId}
              onBack={() => navigate(page)}
              onOpenCandidate={setCandidateId}
            />
          )}
        </main>
      </div>
      {aboutOpen && <AboutDialog info={info.data ?? null} onClose={() => setAboutOpen(false)} />}
    </AppInfoContext>
  );
}
