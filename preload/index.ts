import './contract/platform/zod-jitless'
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { BRIDGE_GLOBAL } from './contract/bridge-api'
import { createBridge } from './bridge'

contextBridge.exposeInMainWorld(
  BRIDGE_GLOBAL,
  createBridge(ipcRenderer, (file) => webUtils.getPathForFile(file)),
)
