import { createRouter, createWebHashHistory } from 'vue-router';
import ActorDetailView from './views/ActorDetailView.vue';
import ActorsView from './views/ActorsView.vue';
import ChangesView from './views/ChangesView.vue';
import CastingCallDetailView from './views/CastingCallDetailView.vue';
import CastingCallsView from './views/CastingCallsView.vue';
import CompareView from './views/CompareView.vue';
import CreditsView from './views/CreditsView.vue';
import ConnectionsView from './views/ConnectionsView.vue';
import CrewDetailView from './views/CrewDetailView.vue';
import CrewView from './views/CrewView.vue';
import HomeView from './views/HomeView.vue';
import NotFoundView from './views/NotFoundView.vue';
import SettingsView from './views/SettingsView.vue';
import ShortlistView from './views/ShortlistView.vue';
import ShortlistsView from './views/ShortlistsView.vue';

/** Hash history: the renderer is loaded from a file or custom scheme, where paths cannot be rewritten. */
export function createCastdeskRouter() {
  return createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'home', component: HomeView },
      { path: '/actors', name: 'actors', component: ActorsView },
      { path: '/actors/:id(\\d+)', name: 'actor', component: ActorDetailView },
      { path: '/crew', name: 'crew', component: CrewView },
      { path: '/crew/:id(\\d+)', name: 'crewMember', component: CrewDetailView },
      { path: '/credits', name: 'credits', component: CreditsView },
      { path: '/changes', name: 'changes', component: ChangesView },
      { path: '/casting-calls', name: 'castingCalls', component: CastingCallsView },
      { path: '/casting-calls/:id(\\d+)', name: 'castingCall', component: CastingCallDetailView },
      { path: '/shortlists', name: 'shortlists', component: ShortlistsView },
      { path: '/shortlists/:id(\\d+)', name: 'shortlist', component: ShortlistView },
      { path: '/compare', name: 'compare', component: CompareView },
      { path: '/connections', name: 'connections', component: ConnectionsView },
      { path: '/settings', name: 'settings', component: SettingsView },
      { path: '/:unknown(.*)*', name: 'notFound', component: NotFoundView },
    ],
  });
}
