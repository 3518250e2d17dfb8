/**
 * "Export my data": everything CrowdMix stores about a person, as one JSON document — profile, sign-in methods,
 * sessions, songs (with their files' links), votes, messages sent and received, playlists, venues, DJ Verse
 * history, blocks, reports made, notices, mutes and Venue Live (requests, votes, skip votes, presence, co-hosting).
 * Nothing about other people beyond what the person saw.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiChats,
  communityPlaylistMembers,
  communityPlaylists,
  communityPlaylistSongs,
  communityPlaylistVotes,
  liveCohosts,
  liveEntries,
  livePresence,
  liveSkipVotes,
  liveVotes,
  messages,
  notifications,
  oidcIdentities,
  passwordCredentials,
  reports,
  sessions,
  songs,
  userBlocks,
  users,
  venueMutes,
  venues,
  votes,
} from '../../db/schema';
import { describeUserAgent } from './user-agent';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportAccount(db: DbOrTx, userId: string, baseUrl: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [password] = await db
    .select({ updatedAt: passwordCredentials.updatedAt })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId));
  const identities = await db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, userId));
  const mySessions = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const mySongs = await db.select().from(songs).where(eq(songs.uploaderId, userId)).orderBy(asc(songs.id));
  const myVotes = await db
    .select({
      songId: votes.songId,
      title: songs.title,
      artist: songs.artist,
      venueId: votes.venueId,
      voteType: votes.voteType,
      createdAt: votes.createdAt,
    })
    .from(votes)
    .innerJoin(songs, eq(songs.id, votes.songId))
    .where(eq(votes.userId, userId))
    .orderBy(asc(votes.id));
  const myMessages = await db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(asc(messages.id));
  const created = await db.select().from(communityPlaylists).where(eq(communityPlaylists.creatorId, userId));
  const memberships = await db
    .select({
      playlistId: communityPlaylistMembers.playlistId,
      name: communityPlaylists.name,
      role: communityPlaylistMembers.role,
      joinedAt: communityPlaylistMembers.joinedAt,
    })
    .from(communityPlaylistMembers)
    .innerJoin(communityPlaylists, eq(communityPlaylists.id, communityPlaylistMembers.playlistId))
    .where(eq(communityPlaylistMembers.userId, userId));
  const proposals = await db
    .select({
      playlistId: communityPlaylistSongs.playlistId,
      songId: communityPlaylistSongs.songId,
      status: communityPlaylistSongs.status,
      createdAt: communityPlaylistSongs.createdAt,
    })
    .from(communityPlaylistSongs)
    .where(eq(communityPlaylistSongs.proposedById, userId));
  const playlistVotes = await db
    .select({
      playlistSongId: communityPlaylistVotes.playlistSongId,
      voteType: communityPlaylistVotes.voteType,
      createdAt: communityPlaylistVotes.createdAt,
    })
    .from(communityPlaylistVotes)
    .where(eq(communityPlaylistVotes.userId, userId));
  const myVenues = await db.select().from(venues).where(eq(venues.ownerId, userId));
  const ai = await db.select().from(aiChats).where(eq(aiChats.userId, userId)).orderBy(asc(aiChats.id));
  const blocks = await db.select().from(userBlocks).where(eq(userBlocks.blockerId, userId));
  const myReports = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetSummary: reports.targetSummary,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId));
  const notices = await db.select().from(notifications).where(eq(notifications.userId, userId));
  const mutes = await db.select().from(venueMutes).where(eq(venueMutes.userId, userId));
  const liveRequests = await db
    .select({
      venueId: liveEntries.venueId,
      songId: liveEntries.songId,
      title: songs.title,
      artist: songs.artist,
      status: liveEntries.status,
      requestedAt: liveEntries.requestedAt,
    })
    .from(liveEntries)
    .innerJoin(songs, eq(songs.id, liveEntries.songId))
    .where(eq(liveEntries.requesterId, userId))
    .orderBy(asc(liveEntries.id));
  const liveVoteRows = await db
    .select({ venueId: liveEntries.venueId, songId: liveEntries.songId, value: liveVotes.value })
    .from(liveVotes)
    .innerJoin(liveEntries, eq(liveEntries.id, liveVotes.entryId))
    .where(eq(liveVotes.userId, userId))
    .orderBy(asc(liveVotes.entryId));
  const liveSkips = await db
    .select({ venueId: liveEntries.venueId, songId: liveEntries.songId })
    .from(liveSkipVotes)
    .innerJoin(liveEntries, eq(liveEntries.id, liveSkipVotes.entryId))
    .where(eq(liveSkipVotes.userId, userId))
    .orderBy(asc(liveSkipVotes.entryId));
  const livePresent = await db.select().from(livePresence).where(eq(livePresence.userId, userId));
  const cohostOf = await db.select().from(liveCohosts).where(eq(liveCohosts.userId, userId));
  const abs = (url: string | null) => (url && url.startsWith('/') ? `${baseUrl}${url}` : url);

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      currentMood: user.currentMood,
      moodUpdatedAt: iso(user.moodUpdatedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      isAdmin: user.isAdmin,
      suspendedUntil: iso(user.suspendedUntil),
    },
    signIn: {
      password: password ? { changedAt: iso(password.updatedAt) } : null,
      openIdConnect: identities.map((i) => ({ issuer: i.issuer, subject: i.subject, linkedAt: iso(i.createdAt) })),
    },
    sessions: mySessions.map((s) => ({
      ...describeUserAgent(s.userAgent),
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expire),
    })),
    songs: mySongs.map((s) => ({
      id: s.id,
      title: s.title,
      artist: s.artist,
      genre: s.genre,
      youtubeUrl: s.youtubeUrl,
      fileUrl: abs(s.pdfUrl),
      venueId: s.venueId,
      isPrivate: s.isPrivate,
      duration: s.duration,
      createdAt: iso(s.createdAt),
    })),
    votes: myVotes.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
    messages: myMessages.map((m) => ({
      id: m.id,
      direction: m.senderId === userId ? 'sent' : 'received',
      messageType: m.messageType,
      otherUserId: m.senderId === userId ? m.receiverId : m.senderId,
      venueId: m.venueId,
      content: m.content,
      isRead: m.isRead,
      createdAt: iso(m.createdAt),
    })),
    playlists: {
      created: created.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        isPublic: p.isPublic,
        isActive: p.isActive,
        createdAt: iso(p.createdAt),
      })),
      memberships: memberships.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
      proposals: proposals.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
      votes: playlistVotes.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
    },
    venues: myVenues.map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      location: v.location,
      description: v.description,
      isActive: v.isActive,
      createdAt: iso(v.createdAt),
    })),
    assistantHistory: ai.map((a) => ({
      message: a.message,
      response: a.response,
      recommendations: a.recommendations,
      createdAt: iso(a.createdAt),
    })),
    blocks: blocks.map((b) => ({ userId: b.blockedId, createdAt: iso(b.createdAt) })),
    reportsMade: myReports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    notices: notices.map((n) => ({ body: n.body, read: n.readAt !== null, createdAt: iso(n.createdAt) })),
    mutes: mutes.map((m) => ({ venueId: m.venueId, until: iso(m.until) })),
    live: {
      requests: liveRequests.map((r) => ({ ...r, requestedAt: iso(r.requestedAt) })),
      votes: liveVoteRows,
      skipVotes: liveSkips,
      presence: livePresent.map((p) => ({ venueId: p.venueId, joinedAt: iso(p.joinedAt), until: iso(p.expiresAt) })),
      cohostOf: cohostOf.map((c) => ({ venueId: c.venueId, addedAt: iso(c.addedAt) })),
    },
  };
}
