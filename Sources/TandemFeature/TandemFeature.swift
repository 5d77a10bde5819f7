/// TandemFeature: Tandem's screens: the stats and their sync across devices.
/// Models are `@MainActor @Observable`, with intents (methods) and derived state (properties);
/// no terminal or SwiftUI type appears here.
enum TandemFeatureModule {}
