// AppFoundationUI: the SwiftUI views every app shares (the sign-in screen).
// Apple only: every file here is inside `#if canImport(SwiftUI)` and builds empty elsewhere;
// AppShellTests type-checks them on Linux against Apps/SwiftUICheck.
