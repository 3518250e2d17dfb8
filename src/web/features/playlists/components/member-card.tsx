/**
 * A member: avatar, name, role icon and role, joined date; admins may change the role and flags here. The flags
 * bite for everyone but admins (ADR 013): an admin's are shown on and locked, as the server refuses to turn them off.
 */
import { useId } from 'react';
import { Crown, Shield, User } from 'lucide-react';
import { MEMBER_ROLES, type MemberRole } from '@shared/constants';
import type { PlaylistMember, UpdateMember } from '@shared/schemas/playlist';
import { Avatar } from '../../../components/ui/avatar';
import { Label, Select } from '../../../components/ui/input';
import { formatDay } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';

const ROLE = {
  admin: { label: 'Admin', Icon: Crown, tone: 'text-yellow-300' },
  moderator: { label: 'Moderator', Icon: Shield, tone: 'text-sky-300' },
  member: { label: 'Member', Icon: User, tone: 'text-muted' },
} as const;

const FLAGS = [
  { key: 'canVote', label: 'Can vote' },
  { key: 'canPropose', label: 'Can propose' },
  { key: 'canModerate', label: 'Can moderate' },
] as const;

/** What a member without a flag cannot do, for the card's summary line. */
const MISSING = { canVote: 'vote', canPropose: 'propose songs', canModerate: 'moderate' } as const;

export function MemberCard({
  member,
  isSelf,
  editable,
  busy,
  onChange,
}: {
  member: PlaylistMember;
  isSelf: boolean;
  /** The viewer is an admin: role and flags become controls. */
  editable: boolean;
  busy: boolean;
  onChange: (patch: UpdateMember) => void;
}) {
  const role = ROLE[member.role];
  const name = member.userName ?? 'Anonymous User';
  const [first, ...rest] = name.split(' ');
  const id = useId();
  const isAdmin = member.role === 'admin';
  // Members are not expected to moderate; a moderator who may not is worth saying.
  const missing = isAdmin
    ? []
    : FLAGS.filter((f) => !member[f.key] && (f.key !== 'canModerate' || member.role === 'moderator')).map(
        (f) => MISSING[f.key],
      );
  return (
    <li
      data-testid="playlist-member"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/60 p-4"
    >
      <div className="flex items-center gap-3">
        <Avatar
          personId={member.userId}
          src={member.profileImageUrl}
          first={first}
          last={rest.join(' ')}
          label={name}
          className="size-11"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            {name}
            {isSelf ? <span className="ml-1 text-xs font-normal text-muted">(you)</span> : null}
          </p>
          <p className="flex items-center gap-1.5 text-sm">
            <role.Icon className={cn('size-4', role.tone)} aria-hidden />
            <span>{role.label}</span>
          </p>
          <p className="text-xs text-muted">Joined {formatDay(member.joinedAt)}</p>
          {missing.length ? (
            <p className="text-xs text-amber-200" data-testid="member-restrictions">
              Cannot {missing.join(' or ')}
            </p>
          ) : null}
        </div>
      </div>
      {editable ? (
        <div className="flex flex-col gap-2 border-t border-border pt-3">
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-role`} className="text-xs text-muted">
              Role
            </Label>
            <Select
              id={`${id}-role`}
              value={member.role}
              disabled={busy}
              onChange={(e) => onChange({ role: e.target.value as MemberRole })}
              className="h-8 flex-1 text-xs"
              aria-label={`Role of ${name}`}
            >
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE[r].label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {FLAGS.map((f) => (
              <label key={f.key} className="inline-flex min-h-6 items-center gap-1.5 text-xs">
                <input
                  type="checkbox"
                  checked={isAdmin || member[f.key]}
                  disabled={busy || isAdmin}
                  onChange={(e) => onChange({ [f.key]: e.target.checked })}
                  className="size-5 accent-purple-500"
                  aria-label={`${f.label}: ${name}`}
                  aria-describedby={isAdmin ? `${id}-admin-note` : undefined}
                />
                {f.label}
              </label>
            ))}
          </div>
          {isAdmin ? (
            <p id={`${id}-admin-note`} className="text-xs text-muted">
              Admins can always vote, propose and moderate.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
