// One model of the complex shared by the site plan and the lake-view layout: building
// footprints, the lake and the sports park, in site-plan pixels (1600 x 1000, north up).

export interface Building {
  no: number
  /** Footprint centre. */
  x: number
  y: number
  form: 'slab' | 'tower'
  /** How much of the lake the building faces: full, partial, or the park side. */
  view: 'lake' | 'partial' | 'park'
}

export const buildings: Building[] = [
  {no: 101, x: 585, y: 205, form: 'tower', view: 'lake'},
  {no: 102, x: 790, y: 190, form: 'slab', view: 'partial'},
  {no: 103, x: 1020, y: 200, form: 'slab', view: 'park'},
  {no: 104, x: 580, y: 440, form: 'tower', view: 'lake'},
  {no: 105, x: 800, y: 405, form: 'slab', view: 'partial'},
  {no: 106, x: 1035, y: 440, form: 'tower', view: 'park'},
  {no: 107, x: 590, y: 700, form: 'slab', view: 'lake'},
  {no: 108, x: 820, y: 745, form: 'slab', view: 'partial'},
  {no: 109, x: 1045, y: 700, form: 'tower', view: 'park'},
]

/** Footprint outline relative to the centre: slabs run east-west, towers are stepped crosses. */
export function footprint(form: Building['form']): string {
  return form === 'slab'
    ? 'M-78 -16h156v32h-156z'
    : 'M-34 -30h40v-8h28v38h10v30h-44v8h-34v-38h-10v-30z'
}

export const site = {
  outline:
    'M470 95L1170 80Q1195 80 1195 105L1200 860Q1200 885 ' +
    '1175 885L505 900Q480 900 478 875L455 125Q455 96 470 95z',
}

export const lake = {
  outline:
    'M0 60C120 40 250 70 330 140C410 210 380 300 400 380C420 470 ' +
    '395 560 410 650C425 750 380 850 300 920C230 980 120 1000 0 1000z',
  label: {x: 200, y: 520},
}

export const sportsPark = {
  outline: 'M1240 40H1600V690H1250Q1232 690 1232 672V58Q1232 40 1240 40z',
  stadium: {cx: 1420, cy: 300, rx: 130, ry: 190},
}

export const communityCentre = {x: 790, y: 565, w: 120, h: 62}

export const playgrounds: {x: number; y: number}[] = [
  {x: 690, y: 300},
  {x: 930, y: 560},
  {x: 700, y: 800},
]

export const gates = {
  main: {x: 820, y: 898, label: '주출입구'},
  sub: {x: 1198, y: 330, label: '부출입구'},
}

export const parkingRamps: {x: number; y: number; rot: number}[] = [
  {x: 930, y: 860, rot: 0},
  {x: 1160, y: 380, rot: 90},
]
