import { version } from '../../package.json'

/** This GateDesk's version (package.json's), as the app and the command line report it. */
export const APP_VERSION: string = version
