/// Where a social screen's list is: the states every one of them shows the same way.
public enum SocialLoadPhase: Equatable, Sendable {
    case loading
    /// Loaded, with nothing to show (the view says why in the screen's own words).
    case empty
    case failed(ErrorPresentation)
    case loaded

    public var error: ErrorPresentation? {
        if case .failed(let error) = self { error } else { nil }
    }
}
