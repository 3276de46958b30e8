// The resources room's front door: previews, links, argument forms and the offerings of servers,
// shared by the chat's composer and the servers' detail. Its styles come with its door.
import './commands.css';

export { ArgumentForm, type Complete } from './ArgumentForm';
export {
  expandTemplate,
  filterMentions,
  filterPrompts,
  mentionQuery,
  slashQuery,
  templateVariables,
  type MentionItem,
  type PromptItem,
  type ResourceItem,
  type TemplateItem,
} from './commandText';
export { ResourceLink } from './ResourceLink';
export { ResourceContents, ResourcePreview } from './ResourcePreview';
export { useOfferings } from './useOfferings';
