/// BestBall: TopDog's rules, pure and deterministic, with no I/O — the snake draft (order, clock,
/// caps, pick validation, autopick), the draft room's derived views, half-PPR best ball scoring,
/// and tournament advancement. The server and the apps share it, as they share Quortex.
public enum BestBall {
    /// Bumped when a rule changes the outcome of the same inputs.
    public static let rulesVersion = 1
}
