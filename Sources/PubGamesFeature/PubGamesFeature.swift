/// PubGamesFeature: PubGames' screens: the mini-app catalogue and single sign-on into each app.
/// Models are `@MainActor @Observable`, with intents (methods) and derived state (properties);
/// no terminal or SwiftUI type appears here.
enum PubGamesFeatureModule {}
