import type { MouseEvent, ReactNode } from 'react';
import { routePath, type Route } from '../logic/routes';
import { useConsole } from './console-context';

/** A real link (keyboard, middle-click, copy address) that navigates in place on a plain click. */
export function RouteLink({ to, children, className, current }: { to: Route; children: ReactNode; className?: string; current?: boolean }) {
  const { navigate } = useConsole();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={routePath(to)} onClick={onClick} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
