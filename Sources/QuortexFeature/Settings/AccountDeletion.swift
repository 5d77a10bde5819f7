/// What deleting the account forgets and what it keeps, in the words of the server's docs (docs/accounts.md)
/// (`DELETE /users/me`): the one place the app says it, shown before the player confirms.
public enum AccountDeletion {
    public static let title = "Delete Account"

    public static let forgotten: [String] = [
        "Your name, email, avatar and preferences",
        "Your password and every sign-in method, including this device's guest sign-in",
        "Your ratings, invitations, quick-match entry and places in waiting games",
        "Your synced stats",
        "Your push devices and queued notifications",
        "Your App Store purchase records, undo and hint balances and subscriptions (Apple keeps the purchases themselves)",
        "Every session: you are signed out everywhere",
    ]

    public static let kept: [String] = [
        "Games still being played are resigned; finished games keep your seat as \"Deleted player\", so the other players' ratings still add up",
        "Server logs carry an account id, never your name, for as long as the operator keeps them",
    ]

    public static let warning = "This cannot be undone. A subscription goes on billing until you cancel it in the App Store."

    public static let confirmTitle = "Delete your account for good?"
    public static let confirmButton = "Delete Account"
}
