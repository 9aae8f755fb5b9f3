"""Short category names for charts and tables: places, surnames, codes, fiscal years, months.

``category_labels(rng, n)`` draws ``n`` distinct labels of one family, so answers that are
labels spread over hundreds of values instead of a dozen.  Labels never write a bare number
(codes and fiscal years glue their digits to letters), so a label cannot be mistaken for a
value read off a chart's scale.
"""

from __future__ import annotations

PLACES = (
    "Apia", "Arta", "Baku", "Bari", "Bern", "Bonn", "Brno", "Caen", "Cork", "Dax", "Doha", "Gao", "Gent",
    "Giza", "Gizo", "Hue", "Ibb", "Ipoh", "Jena", "Jos", "Kiev", "Kobe", "Lae", "Laon", "Lecce", "Lima",
    "Linz", "Lodz", "Luga", "Lund", "Male", "Metz", "Mbe", "Nara", "Nice", "Nis", "Oulu", "Oslo",
    "Pau", "Pecs", "Pisa", "Poti", "Puri", "Riga", "Rome", "Sale", "Siwa", "Suva", "Tver", "Tyre",
    "Ulm", "Vigo", "Vis", "Yala", "York", "Zug", "Agra", "Akko", "Ames", "Aosta", "Arles", "Aswan",
    "Bergen", "Bilbao", "Bruges", "Cadiz", "Cairo", "Dakar", "Davos", "Delft", "Dover", "Essen", "Faro",
    "Fes", "Galle", "Genoa", "Graz", "Hilo", "Izmir", "Kandy", "Kazan", "Kochi", "Lagos", "Leeds",
    "Leon", "Luxor", "Lyon", "Malmo", "Mainz", "Medan", "Minsk", "Mosul", "Nancy", "Natal", "Omsk",
    "Osaka", "Ostia", "Padua", "Paro", "Parma", "Perth", "Porto", "Quito", "Rabat", "Reims", "Salta",
    "Siena", "Sochi", "Split", "Surat", "Tampa", "Tartu", "Tokat", "Trier", "Turin", "Udine", "Vaasa",
    "Varna", "Yazd", "Zadar",
)
SURNAMES = (
    "Abbot", "Achebe", "Adair", "Alcott", "Amari", "Ansel", "Arden", "Baird", "Bello", "Birch", "Bloom",
    "Boyd", "Brandt", "Brody", "Burke", "Cates", "Chavez", "Cobb", "Costa", "Crane", "Dahl", "Dalton",
    "Drake", "Duval", "Eames", "Ellis", "Emery", "Falk", "Ferro", "Finch", "Flint", "Frost", "Gale",
    "Garza", "Giles", "Gray", "Haas", "Hale", "Hardy", "Hayes", "Holt", "Hume", "Ibsen", "Ingram",
    "Jagger", "Joyce", "Kane", "Keats", "Kerr", "Knox", "Lamb", "Lang", "Lowe", "Lund", "Mace", "Marsh",
    "Moss", "Nash", "Neville", "Noor", "Nunez", "Oakes", "Olsen", "Orr", "Otto", "Page", "Park", "Pike",
    "Price", "Quinn", "Rao", "Reed", "Ries", "Rossi", "Rowe", "Sato", "Shaw", "Silva", "Stone", "Suzuki",
    "Tate", "Thorn", "Tran", "Ueda", "Vance", "Varga", "Voss", "Wade", "Ward", "Webb", "Wolfe", "Wren",
    "Yates", "Young", "Zhou", "Ziegler",
)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
WORDS = (
    "Amber", "Aspen", "Azure", "Basil", "Birch", "Cedar", "Cobalt", "Coral", "Delta", "Ember", "Fern",
    "Flint", "Garnet", "Hazel", "Indigo", "Iris", "Ivory", "Jade", "Juniper", "Lark", "Linen", "Lotus",
    "Maple", "Mesa", "Mint", "Onyx", "Opal", "Orchid", "Pearl", "Pine", "Quartz", "Raven", "Ruby", "Sage",
    "Slate", "Sorrel", "Spruce", "Teal", "Thyme", "Topaz", "Umber", "Willow", "Wren", "Yarrow", "Zinc",
)
TOPICS = (
    "Media", "Support", "Security", "Energy", "Furniture", "Health", "Kitchen", "Gaming", "Sports", "Finance",
    "Outdoor", "Travel", "Garden", "Dining", "Storage", "Beverage", "Devices", "Review", "Routine", "Pets",
    "Toys", "Books", "Music", "Fitness", "Beauty", "Office", "Tools", "Grocery", "Apparel", "Crafts", "Camping",
    "Lighting", "Bedding", "Snacks", "Dairy", "Bakery", "Seafood", "Produce", "Hardware", "Software", "Cloud",
    "Mobile", "Retail", "Payroll", "Legal", "Research", "Design", "Sales", "Marketing", "Training", "Events",
    "Housing", "Transit", "Parks", "Safety", "Water", "Schools", "Clinics", "Freight", "Audio",
)
_CODE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def _pick(rng, pool, n):
    idx = rng.choice(len(pool), size=n, replace=False)
    return [pool[int(i)] for i in idx]


def _codes(rng, n):
    out: list[str] = []
    while len(out) < n:
        s = "".join([_CODE_LETTERS[int(rng.integers(len(_CODE_LETTERS)))], str(int(rng.integers(10))),
                     _CODE_LETTERS[int(rng.integers(len(_CODE_LETTERS)))], str(int(rng.integers(10)))])
        if s not in out:
            out.append(s)
    return out


def coined_names(rng, n: int, *, max_len: int = 8) -> list[str]:
    """``n`` distinct capitalised pseudo-names of 3..``max_len`` letters ("Dosia", "Kelan"): a
    practically unbounded pool, for labels that are answers and must spread widely."""
    from .graphs import words

    out: list[str] = []
    while len(out) < n:
        w = words(rng, 1)[0].capitalize()
        if 3 <= len(w) <= max_len and w not in out:
            out.append(w)
    return out


POOLS = {"places": PLACES, "surnames": SURNAMES, "words": WORDS, "topics": TOPICS}
FAMILIES = ("places", "surnames", "words", "codes", "fiscal_years", "months")


def category_labels(rng, n: int, *, families=FAMILIES, ordered: bool = False, max_len: int = 8) -> list[str]:
    """``n`` distinct short labels of one family drawn from ``families``.

    ``ordered`` families (fiscal years, months) come out in their natural order when they are
    drawn; name families come out shuffled.  Months are only used while ``n`` <= 12.  Besides
    ``FAMILIES`` (the default), "topics" (Media, Kitchen, ...) and "coined" (pseudo-names) may be
    asked for.
    """
    pools = {f: [p for p in POOLS[f] if len(p) <= max_len] for f in POOLS}
    fams = [f for f in families if not (f == "months" and n > 12) and len(pools.get(f, range(n))) >= n]
    fam = fams[int(rng.integers(len(fams)))]
    if fam == "fiscal_years":
        start = int(rng.integers(0, 100 - n))
        return [f"FY{start + i:02d}" for i in range(n)]
    if fam == "months":
        start = int(rng.integers(0, 12 - n + 1))
        return list(MONTHS[start:start + n])
    if fam == "codes":
        return _codes(rng, n)
    if fam == "coined":
        return coined_names(rng, n, max_len=max_len)
    return _pick(rng, pools[fam], n)

# single capitalised words for item and card labels on pages (WORDS and more): 100 in all
LABEL_WORDS = WORDS + (
    "Atlas", "Beacon", "Comet", "Crimson", "Echo", "Grove", "Harbor", "Meadow", "Nimbus", "Nova", "Olive", "River",
    "Saffron", "Sierra", "Silver", "Summit", "Valley", "Violet", "Zenith", "Bronze", "Canyon", "Dune", "Falcon",
    "Glacier", "Horizon", "Island", "Jasper", "Kestrel", "Lagoon", "Marble", "Nectar", "Oasis", "Prairie", "Quill",
    "Ridge", "Sable", "Tundra", "Vista", "Zephyr", "Aurora", "Bramble", "Cinder", "Drift", "Frost", "Harvest",
    "Lumen", "Magnet", "Pebble", "Rowan", "Tidal", "Velvet", "Cypress", "Heron", "Meteor", "Orbit",
)
assert len(set(LABEL_WORDS)) == len(LABEL_WORDS) == 100
