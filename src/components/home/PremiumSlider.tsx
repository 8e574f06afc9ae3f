import {useSlider} from './useSlider.ts'
import {SanityImage} from '#src/components/SanityImage.tsx'
import type {PremiumSlide} from './types.ts'

/**
 * The narrow-screen premium slides (WAI-ARIA carousel pattern): swipe, dots, a stop/play
 * button, and auto-advance only while `active` (shown) and motion is welcome.
 */
export function PremiumSlider({
  slides,
  active,
  motionOk,
}: {
  slides: PremiumSlide[]
  active: boolean
  motionOk: boolean
}) {
  const slider = useSlider(slides.length, {active, motionOk})
  if (slides.length === 0) return null
  return (
    <div
      className="premium-slider"
      role="group"
      aria-roledescription="캐러셀"
      aria-label="프리미엄 슬라이드"
      {...slider.regionProps}
    >
      {slider.rotating || slider.stopped ? (
        <button type="button" className="premium-slider__rotation" onClick={slider.toggleStopped}>
          {slider.stopped ? '자동 넘김 시작' : '자동 넘김 멈춤'}
        </button>
      ) : null}
      <div className="premium-slider__viewport" aria-live={slider.rotating ? 'off' : 'polite'}>
        <div
          className="premium-slider__track"
          style={{transform: `translateX(${-100 * slider.index}%)`}}
        >
          {slides.map((slide, index) => {
            const current = index === slider.index
            return (
              <div
                key={slide._id}
                className="premium-slider__slide"
                role="group"
                aria-roledescription="슬라이드"
                aria-label={`${index + 1} / ${slides.length}`}
                aria-hidden={!current}
                inert={!current}
              >
                <SanityImage
                  className="premium-slider__image"
                  image={slide.image}
                  width={390}
                  sizes="calc(100vw - 40px)"
                />
                <h3 className="premium-slider__title">{slide.title}</h3>
                <p className="premium-slider__text">{slide.description}</p>
              </div>
            )
          })}
        </div>
      </div>
      <div className="premium-slider__dots">
        {slides.map((slide, index) => (
          <button
            key={slide._id}
            type="button"
            className="premium-slider__dot"
            aria-label={`${index + 1}번째 슬라이드 보기`}
            aria-current={index === slider.index ? 'true' : undefined}
            onClick={() => slider.select(index)}
          />
        ))}
      </div>
    </div>
  )
}
