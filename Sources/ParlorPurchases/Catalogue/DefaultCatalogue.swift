/// The catalogue a server uses unless the operator gives its own (`purchases_catalogue`): the
/// seed's Quortex products (§7.2) and OneForTheBoys' cosmetic skins. Product ids are App Store
/// Connect's; change them there and here together.
package enum DefaultCatalogue {
    package static let json = """
        {"apps": [
          {"bundle_id": "com.quortex.app", "games": ["quortex"],
           "products": [
             {"id": "com.quortex.theme.neon", "type": "non_consumable", "grants": {"theme": "neon"}},
             {"id": "com.quortex.theme.classic", "type": "non_consumable", "grants": {"theme": "classic_wood"}},
             {"id": "com.quortex.theme.ocean", "type": "non_consumable", "grants": {"theme": "ocean"}},
             {"id": "com.quortex.undo.pack5", "type": "consumable", "grants": {"undos": 5}},
             {"id": "com.quortex.hint.pack10", "type": "consumable", "grants": {"hints": 10}},
             {"id": "com.quortex.plus.monthly", "type": "auto_renewable", "group": "quortex.premium", "tier": "plus"},
             {"id": "com.quortex.plus.yearly", "type": "auto_renewable", "group": "quortex.premium", "tier": "plus"},
             {"id": "com.quortex.pro.monthly", "type": "auto_renewable", "group": "quortex.premium", "tier": "pro"},
             {"id": "com.quortex.pro.yearly", "type": "auto_renewable", "group": "quortex.premium", "tier": "pro"}
           ],
           "subscription_themes": {"plus": ["aurora", "midnight", "sunset"]}},
          {"bundle_id": "com.oneforboys.app", "games": ["crazy-eights"],
           "products": [
             {"id": "com.oneforboys.skin.gold", "type": "non_consumable", "grants": {"skin": "gold"}},
             {"id": "com.oneforboys.skin.neon", "type": "non_consumable", "grants": {"skin": "neon"}},
             {"id": "com.oneforboys.skin.retro", "type": "non_consumable", "grants": {"skin": "retro"}}
           ]}
        ]}
        """
}
