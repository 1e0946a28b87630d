import { createRouter, createWebHashHistory } from 'vue-router'
import { sections } from './sections'
import SectionPlaceholder from './views/SectionPlaceholder.vue'

export const router = createRouter({
  // Hash history works the same from the dev server and from the packaged app's own protocol.
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: sections[0].path },
    ...sections.map((section) => ({
      path: section.path,
      component: SectionPlaceholder,
      props: { title: section.title, summary: section.summary },
    })),
  ],
})
