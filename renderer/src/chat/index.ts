// The chat room's front door: what the app layer and other rooms may use of it.
export { ChatView } from './ChatView';
export { MESSAGE_FIELD_ID } from './composer/Composer';
export { ConversationList, SEARCH_FIELD_ID } from './conversations/ConversationList';
export { DownloadProgress } from './models/DownloadProgress';
export { isEmbeddingOnly, sameModel } from './models/modelFacts';
export { usePulls } from './models/useModels';
