/** What other parts of the app may use of the settings feature (product §2.13). */
export { SettingsScreen } from './components/settings-screen';
export { settingsMessages } from './utils/settings-fields';
