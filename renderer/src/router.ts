import { createRouter, createWebHashHistory } from 'vue-router';
import ActorsView from './views/ActorsView.vue';
import ConnectionsView from './views/ConnectionsView.vue';
import HomeView from './views/HomeView.vue';

/** Hash history: the renderer is loaded from a file or custom scheme, where paths cannot be rewritten. */
export function createCastdeskRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'home', component: HomeView },
      { path: '/actors', name: 'actors', component: ActorsView },
      { path: '/connections', name: 'connections', component: ConnectionsView },
    ],
  });
}
