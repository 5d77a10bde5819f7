/// TopDogFeature: TopDog's screens: the tournament lobby with the wallet, drafts and teams.
/// Models are `@MainActor @Observable`, with intents (methods) and derived state (properties);
/// no terminal or SwiftUI type appears here.
enum TopDogFeatureModule {}
