import type { AppInfo } from '../../../shared/app-api';
import { Modal } from './Modal';

export function AboutDialog({ info, onClose }: { info: AppInfo | null; onClose: () => void }) {
  return (
    <Modal title="About Examiner" onClose={onClose}>
      <p className="about-name">{info?.name ?? 'Examiner'}</p>
      <p>
        Version <strong data-testid="app-version">{info?.version ?? '…'}</strong>
      </p>
      <p className="muted">Scores English-exam speaking and listening answers.</p>
      {info && (
        <dl className="about-details">
          <dt>Running in</dt>
          <dd>{info.host === 'electron' ? 'the desktop app' : 'the browser host'}</dd>
          <dt>Data folder</dt>
          <dd>{info.dataDir}</dd>
        </dl>
      )}
    </Modal>
  );
}
