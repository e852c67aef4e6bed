import { SERVER_MESSAGES, type ServerMessageCatalogue } from '@bus/core/browser';

/**
 * The server's messages in English (errors and validation that reach the screen, by their
 * stable key; see core's server-messages.ts): core's own templates, so the client shows word
 * for word what the server sends.
 */
export const serverMessagesEn: ServerMessageCatalogue = SERVER_MESSAGES;
