/** WhatsApp both ways (issue 60, decision 059): parents' messages kept and answered, the office's inbox. */
export { conversationsRoutes } from './conversations.routes';
export { conversationCountsSql } from './conversations.service';
export { CONVERSATION_SENDER_JOB, whatsAppMessageHandler, type ConversationSendPayload } from './intake';
export { sendConversationMessage } from './sender';
