/** API shapes of messages and conversations. */
import type { Conversation, Message } from '../../../shared/schemas/message';
import type { MessageType } from '../../../shared/constants';
import { displayName } from '../users/users.presenter';
import type { listConversations } from './messages.repository';

/** A message row with its sender's name and picture (what both the chat rooms and conversations read). */
export type MessageWithSender = {
  id: number;
  senderId: string;
  receiverId: string | null;
  venueId: number | null;
  content: string;
  messageType: MessageType;
  isRead: boolean;
  createdAt: Date;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderImage: string | null;
};

export function presentMessage(m: MessageWithSender): Message {
  return {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    venueId: m.venueId,
    content: m.content,
    messageType: m.messageType,
    isRead: m.isRead,
    createdAt: m.createdAt.toISOString(),
    senderName: displayName({ firstName: m.senderFirstName, lastName: m.senderLastName }),
    senderImage: m.senderImage,
  };
}

export function presentConversation(c: Awaited<ReturnType<typeof listConversations>>[number]): Conversation {
  return {
    otherUser: {
      id: c.otherId,
      firstName: c.firstName,
      lastName: c.lastName,
      profileImageUrl: c.profileImageUrl,
      currentMood: c.currentMood,
    },
    lastMessage: {
      id: c.lastId,
      senderId: c.lastSenderId,
      content: c.lastContent,
      createdAt: c.lastCreatedAt.toISOString(),
    },
    unreadCount: c.unread,
  };
}
