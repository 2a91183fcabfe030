/**
 * One change of the connections or the preferences at a time: a switch reads the preferences and
 * writes them back with the other account's choices, so a save meanwhile would be lost or land on
 * the wrong account (and a save of the connection beside a switch could bring an old key back).
 */
import { serializer } from './serialize';

/** Runs `step` after every change of connections or preferences under way (never call it from inside one). */
export const oneConnectionChange = serializer();
