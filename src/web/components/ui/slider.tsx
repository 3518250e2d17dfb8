/** A single-thumb slider (Radix Slider: role slider, arrow keys, Home/End, Page Up/Down). */
import { Slider as S } from 'radix-ui';
import { cn } from '../../lib/utils';

export interface SliderProps {
  value: number;
  min?: number;
  max: number;
  step?: number;
  /** The accessible name (e.g. 'Volume'). */
  label: string;
  /** How a screen reader reads the value (e.g. '1:05 of 3:20'). */
  valueText?: string;
  onValueChange: (value: number) => void;
  /** Called once when the user lets go (dragging calls onValueChange many times). */
  onValueCommit?: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

export function Slider({
  value,
  min = 0,
  max,
  step = 1,
  label,
  valueText,
  onValueChange,
  onValueCommit,
  disabled,
  className,
}: SliderProps) {
  return (
    <S.Root
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={(v) => onValueChange(v[0])}
      onValueCommit={onValueCommit ? (v) => onValueCommit(v[0]) : undefined}
      className={cn(
        'relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50',
        className,
      )}
    >
      <S.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-white/15">
        <S.Range className="absolute h-full bg-accent" />
      </S.Track>
      <S.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-4 rounded-full border-2 border-white bg-accent shadow focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      />
    </S.Root>
  );
}
