/// A game whose client can show the effect of its own action at once, before the authority
/// answers (optimistic UI). The authority's next state overwrites the prediction either way.
public protocol PredictingGameModule: GameModule {
    /// The view `seat` expects after performing `action`, or nil when the result depends on
    /// something the view does not show (a card drawn from the stock, say) or the action is illegal.
    static func predict(_ view: View, _ action: Action, by seat: Int) -> View?
}
