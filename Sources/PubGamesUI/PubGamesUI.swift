// PubGamesUI: PubGames' SwiftUI views over PubGamesFeature's models.
// Apple only: every file here is inside `#if canImport(SwiftUI)` and builds empty elsewhere;
// AppShellTests type-checks them on Linux against Apps/SwiftUICheck.
