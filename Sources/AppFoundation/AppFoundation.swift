/// AppFoundation: what every Parlor app shares below its screens. The signed-in session, how an
/// error reads, the network state, push permission and device registration, deep links,
/// formatting, and the dependency seam: every outside effect a model uses (the API, the clock,
/// randomness, the keychain, StoreKit, GameKit, notifications) is a struct of closures with a
/// live value and a test value (swift-dependencies), so each model is tested on Linux without a
/// server and driven the same way by SwiftUI on iOS and by the terminal here.
enum AppFoundationModule {}
