// The question dialogs (approval, password, elicitation, sampling) the host asks through.
export { QuestionDialogs } from './QuestionDialogs';
