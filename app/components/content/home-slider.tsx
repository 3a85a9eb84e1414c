import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules'
import 'swiper/css'
import 'swiper/css/pagination'
import { SwiperSlides } from './swiper-slides'
import { ItemImage } from '~/components/shared/upload-image'
import { Icon } from '~/components/shared/icon'

export type Slide = { id: number; image: string; image_alt: string; description: string }

export const AUTOPLAY_MS = 5000

const arrow =
  'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 ' +
  'text-white hover:bg-black/60'

/** The home page slider: advances every 5 s, wraps, pauses while hovered; previous/next and dots. */
export function HomeSlider({ slides, siteName }: { slides: Slide[]; siteName: string }) {
  const heading = (
    <div
      className={
        'pointer-events-none absolute inset-x-0 top-0 z-10 bg-gradient-to-b from-black/60 to-transparent px-4 pb-16 ' +
        'pt-8 text-white md:pt-12'
      }
    >
      <div className="mx-auto max-w-7xl">
        <h1 className="text-2xl font-bold drop-shadow md:text-4xl">Selamat Datang di {siteName}</h1>
      </div>
    </div>
  )
  if (slides.length === 0) {
    return (
      <section aria-label="Sorotan" className="relative h-56 bg-gradient-to-br from-emerald-700 to-emerald-900 md:h-80">
        {heading}
      </section>
    )
  }
  return (
    <section aria-label="Sorotan" className="relative bg-gray-900">
      {heading}
      <SwiperSlides
        className="home-slider"
        modules={[A11y, Autoplay, Navigation, Pagination]}
        loop={slides.length > 1}
        autoplay={
          slides.length > 1 ? { delay: AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false
        }
        navigation={{ prevEl: '#home-slider-prev', nextEl: '#home-slider-next' }}
        pagination={{ el: '#home-slider-dots', clickable: true, bulletElement: 'button' }}
        a11y={{
          prevSlideMessage: 'Slide sebelumnya',
          nextSlideMessage: 'Slide berikutnya',
          paginationBulletMessage: 'Ke slide {{index}}',
          slideLabelMessage: '{{index}} dari {{slidesLength}}',
          containerRoleDescriptionMessage: 'carousel',
          itemRoleDescriptionMessage: 'slide',
        }}
        slides={slides.map((slide, index) => ({
          key: slide.id,
          content: (
            <div className="relative">
              <ItemImage
                kind="sliders"
                item={slide}
                label={slide.description || `Slide ${index + 1}`}
                eager={index === 0}
                sizes="100vw"
                className="h-64 w-full sm:h-80 md:h-[28rem]"
              />
              {slide.description ? (
                <p
                  className={
                    'absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-6 pb-12 pt-10 ' +
                    'text-center text-white md:text-lg'
                  }
                >
                  {slide.description}
                </p>
              ) : null}
            </div>
          ),
        }))}
      />
      <button type="button" id="home-slider-prev" className={`${arrow} left-3`} aria-label="Slide sebelumnya">
        <Icon name="previous" />
      </button>
      <button type="button" id="home-slider-next" className={`${arrow} right-3`} aria-label="Slide berikutnya">
        <Icon name="next" />
      </button>
      <div id="home-slider-dots" className="slider-dots absolute inset-x-0 bottom-3 z-10 flex justify-center" />
    </section>
  )
}
