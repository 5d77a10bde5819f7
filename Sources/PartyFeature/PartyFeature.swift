/// PartyFeature: OneForTheBoys' screens: the Crazy Eights table, the lobby, and local and hybrid party play.
/// Models are `@MainActor @Observable`, with intents (methods) and derived state (properties);
/// no terminal or SwiftUI type appears here.
enum PartyFeatureModule {}
