import { useRouter } from 'vue-router'
import { useRecentReportsStore } from '../features/reports/recent-reports-store'

/** File ▸ Open Recent: the report chosen there opens on the Reports screen, wherever the user is. */
export function useRecentMenuRequests(): void {
  const router = useRouter()
  const recent = useRecentReportsStore()
  window.gatedesk.on('recent-reports:open-requested', ({ id }) => {
    void router.push('/reports').then(() => recent.openFromMenu(id))
  })
}
