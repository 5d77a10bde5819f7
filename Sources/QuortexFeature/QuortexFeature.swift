/// QuortexFeature: Quortex's screens: the table (cursor, rotation, legal cells, whose turn and why, the board's derived geometry), offline play against bots and the online flows.
/// Models are `@MainActor @Observable`, with intents (methods) and derived state (properties);
/// no terminal or SwiftUI type appears here.
enum QuortexFeatureModule {}
