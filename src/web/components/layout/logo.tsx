import { Music } from 'lucide-react';
import { cn } from '../../lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-purple-500 to-pink-500 shadow-lg shadow-purple-900/40', className)} aria-hidden>
      <Music className="size-5 text-white" />
    </span>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-gradient">CrowdMix</span>
    </span>
  );
}
