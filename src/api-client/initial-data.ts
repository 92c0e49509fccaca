// GET /initial_data: countries, cities, currencies, rates and the visitor's geolocated country.
import type { InitialData } from '../contract/initial-data.ts';
import { request } from './client.ts';

export const getInitialData = () => request<InitialData>('/initial_data');
