#if canImport(SwiftUI)
import Quortex
import QuortexFeature
import SwiftUI

/// The board: the model's picture drawn as ``QuortexBoardDrawing`` decides, the flows a move
/// added running along their paths, the drawn tile under the finger while it is dragged. Taps
/// point at a cell, a drag carries the tile, two fingers turn it; the model decides each.
struct QuortexBoardCanvas: View {
    let model: QuortexTableModel
    let theme: QuortexTheme
    /// When the latest flow animation started; nil once it has run.
    @State private var animationStart: Date?

    var body: some View {
        GeometryReader { proxy in
            let canvas = Size(proxy.size)
            TimelineView(.animation(minimumInterval: nil, paused: animationStart == nil)) { timeline in
                Canvas { context, _ in
                    guard let picture = model.board else { return }
                    let drawing = QuortexBoardDrawing(picture: picture, canvas: canvas, theme: theme)
                    let progress = animationStart.map { QuortexFlowAnimation.progress(elapsed: timeline.date.timeIntervalSince($0)) } ?? 1
                    let flows = model.flowAnimation?.flows(drawing.flows, progress: progress) ?? drawing.flows
                    let painter = QuortexCanvasPainter(context: context)
                    painter.paint(drawing, flows: flows)
                    if let drag = model.drag, let tile = picture.drawnTile {
                        painter.paint(QuortexBoardDrawing.drawnTile(tile.tile, around: drag.location, in: drawing.geometry, theme: theme))
                    }
                }
            }
            .onTapGesture(count: 1) { location in model.tap(at: Point(location), canvas: canvas) }
            .gesture(
                DragGesture(minimumDistance: 8)
                    .onChanged { value in model.dragChanged(to: Point(value.location), canvas: canvas) }
                    .onEnded { value in Task { await model.dragEnded(at: Point(value.location), canvas: canvas) } }
            )
            .simultaneousGesture(RotateGesture().onEnded { value in model.rotate(byDegrees: value.rotation.degrees) })
        }
        .task(id: model.flowAnimationCount) { await runFlowAnimation() }
    }

    /// Runs the timeline for one flow animation, then lets it rest.
    private func runFlowAnimation() async {
        guard model.flowAnimationCount > 0 else { return }
        animationStart = Date()
        try? await Task.sleep(for: .seconds(QuortexFlowAnimation.duration))
        animationStart = nil
    }
}
#endif
