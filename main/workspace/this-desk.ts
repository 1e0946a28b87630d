import { hostname, userInfo } from 'node:os'

/** This desk as the team workspace records it: the OS user and the machine's name. */
export const thisDesk = () => ({ osUser: userInfo().username, deskName: hostname() })
