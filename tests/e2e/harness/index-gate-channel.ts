/** The BroadcastChannel between the e2e harness's index gate and the index threads behind it. */
export const INDEX_GATE_CHANNEL = 'gatedesk-e2e-index-gate'
