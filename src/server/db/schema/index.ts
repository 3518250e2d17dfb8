/**
 * The whole database schema (spec section 3 plus what the architecture adds), one file per aggregate.
 * Constraints live beside the columns so that the database itself refuses bad rows, whatever the code does.
 * Every table is exported from here (`db/schema`); drizzle.config.ts reads this file.
 */
export * from './users';
export * from './venues';
export * from './songs';
export * from './files';
export * from './votes';
export * from './chat';
export * from './presence';
export * from './assistant';
export * from './mixes';
export * from './playlists';
export * from './safety';
export * from './live';
export * from './search';
