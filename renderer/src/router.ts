import { createRouter, createWebHashHistory } from 'vue-router';
import ActorDetailView from './views/ActorDetailView.vue';
import ActorsView from './views/ActorsView.vue';
import ConnectionsView from './views/ConnectionsView.vue';
import HomeView from './views/HomeView.vue';
import SettingsView from './views/SettingsView.vue';

/** Hash history: the renderer is loaded from a file or custom scheme, where paths cannot be rewritten. */
export function createCastdeskRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'home', component: HomeView },
      { path: '/actors', name: 'actors', component: ActorsView },
      { path: '/actors/:id(\\d+)', name: 'actor', component: ActorDetailView },
      { path: '/connections', name: 'connections', component: ConnectionsView },
      { path: '/settings', name: 'settings', component: SettingsView },
    ],
  });
}
