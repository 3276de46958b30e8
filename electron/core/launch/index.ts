/** How a start of Hearth says what it wants, and how a running Hearth hears it. */
export { readCommandLine, type CommandLine } from './commandLine';
export {
  INSTALL_SWITCH,
  QUICK_CHAT_SWITCH,
  launchHandOver,
  launchRequestFromArguments,
  launchRequestFromSecondInstance,
  type LaunchRequest,
} from './launchRequest';
