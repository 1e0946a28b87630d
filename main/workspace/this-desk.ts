import { hostname, userInfo } from 'node:os'

/** This desk as the team workspace records it, the audit trail's "who": OS user and machine. */
export const thisDesk = () => ({ osUser: userInfo().username, deskName: hostname() })
