import './contract/zod-jitless'
import { contextBridge, ipcRenderer } from 'electron'
import { BRIDGE_GLOBAL } from './contract/bridge-api'
import { createBridge } from './bridge'

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer))
