/** What other parts of the app may use of the settings feature (product §2.13). */
export { SettingsScreen, settingsMessages } from './components/settings-screen';
