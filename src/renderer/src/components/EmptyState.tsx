import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
